package contrato

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Las variables de entorno de las pruebas con PostgreSQL.
const (
	// VariablePostgres es la URL del servidor de las pruebas; si no está,
	// OmisionPostgres.
	VariablePostgres = "PALABRAS_POSTGRES"
	// VariableServicios, en 1, exige los servicios (PostgreSQL): sin ellos
	// las pruebas fallan en vez de saltarse. .ci/run la pone.
	VariableServicios = "PALABRAS_SERVICIOS"
	// OmisionPostgres es el servidor local con autenticación trust.
	OmisionPostgres = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
)

// servidor es lo que se averiguó del servidor la primera vez.
var servidor struct {
	sync.Once
	url string
	err error
}

// URLPostgres crea un esquema nuevo y vacío (p_ y 16 letras al azar) en el
// servidor de PostgreSQL de las pruebas (VariablePostgres) y devuelve la
// URL del servidor con ese esquema en search_path: cada prueba tiene sus
// tablas y pueden correr a la vez. Al terminar tb borra el esquema con
// todo lo que tenga (DROP SCHEMA … CASCADE); tb debe cerrar antes sus
// conexiones (las limpiezas registradas después corren antes).
//
// Si no se puede conectar, salta tb, diciendo por qué la primera vez; con
// VariableServicios=1, falla. Con -short salta siempre (las pruebas con
// PostgreSQL no son parte de la suite corta).
func URLPostgres(tb testing.TB) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("PostgreSQL: corre sin -short")
	}
	primera := false
	servidor.Do(func() {
		primera = true
		servidor.url = os.Getenv(VariablePostgres)
		if servidor.url == "" {
			servidor.url = OmisionPostgres
		}
		ctx, cancelar := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancelar()
		c, err := pgx.Connect(ctx, servidor.url)
		if err == nil {
			err = c.Ping(ctx)
			c.Close(ctx)
		}
		servidor.err = err
	})
	if servidor.err != nil {
		motivo := "sin PostgreSQL (ver el primer aviso)"
		if primera {
			motivo = fmt.Sprintf("sin PostgreSQL en %s (%s): %v", servidor.url, VariablePostgres, servidor.err)
		}
		if os.Getenv(VariableServicios) == "1" {
			tb.Fatalf("%s; %s=1 lo exige", motivo, VariableServicios)
		}
		tb.Skip(motivo + "; se salta")
	}
	var azar [8]byte
	_, _ = rand.Read(azar[:])
	esquema := "p_" + hex.EncodeToString(azar[:])
	ejecutar := func(q string) error {
		ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancelar()
		c, err := pgx.Connect(ctx, servidor.url)
		if err != nil {
			return err
		}
		defer c.Close(ctx)
		_, err = c.Exec(ctx, q)
		return err
	}
	if err := ejecutar("CREATE SCHEMA " + esquema); err != nil {
		tb.Fatalf("crear el esquema de la prueba: %v", err)
	}
	tb.Cleanup(func() {
		if err := ejecutar("DROP SCHEMA " + esquema + " CASCADE"); err != nil {
			tb.Errorf("borrar el esquema de la prueba: %v", err)
		}
	})
	return conEsquema(servidor.url, esquema)
}

// conEsquema agrega search_path a la cadena de conexión s, sea una URL o
// claves de libpq.
func conEsquema(s, esquema string) string {
	if u, err := url.Parse(s); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		q := u.Query()
		q.Set("search_path", esquema)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return strings.TrimSpace(s) + " search_path=" + esquema
}
