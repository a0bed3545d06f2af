package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/internal/contrato"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
)

// esperada es lo que se sabe de una partida guardada: cómo debe quedar al
// reanudarla.
type esperada struct {
	estado      almacen.Estado
	movimientos int
	posicion    juego.Posicion
	sucesos     []juego.Suceso
}

// construirAlmacen guarda en ruta partidas de dos bots sobre la base "mini"
// (caidas_test.go): en curso, con hasta 30 movimientos, y terminadas. Cierra
// el almacén (sin WAL: todo queda en el archivo) y devuelve cómo quedó
// cada partida.
func construirAlmacen(t *testing.T, ruta string, enCurso, terminadas int) map[int64]esperada {
	t.Helper()
	ctx := context.Background()
	a, err := sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	cat := almacen.NuevoCatalogo(a, baseMini())
	_, err = cat.Asegurar(ctx, "mini", "mini")
	require.NoError(t, err)
	x, err := a.CrearJugador(ctx, "x", "es")
	require.NoError(t, err)
	y, err := a.CrearJugador(ctx, "y", "es")
	require.NoError(t, err)
	res := map[int64]esperada{}
	for k := range enCurso + terminadas {
		m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "mini", Semilla: uint64(100 + k),
			Asientos: []almacen.Asiento{{Jugador: x.ID}, {Jugador: y.ID, Nivel: "avanzado"}}})
		require.NoError(t, err)
		g, err := cat.Generador(m.Juego().Variante())
		require.NoError(t, err)
		b, err := bot.Nuevo(bot.Avanzado, g)
		require.NoError(t, err)
		turnos := (12 + 7*k) % 31
		if k >= enCurso {
			turnos = 1000 // hasta el final
		}
		for range turnos {
			if !contrato.JugarBot(t, ctx, m, b) {
				break
			}
		}
		j := m.Juego()
		res[m.ID()] = esperada{m.Partida().Estado, m.Movimientos(), j.Posicion(), j.Sucesos()}
	}
	require.NoError(t, a.Close())
	_, err = os.Stat(ruta + "-wal")
	require.ErrorIs(t, err, os.ErrNotExist, "al cerrar, el WAL vuelve al archivo")
	return res
}

// igual informa si la mesa m está como e.
func igual(m *almacen.Mesa, e esperada) bool {
	j := m.Juego()
	return m.Partida().Estado == e.estado && m.Movimientos() == e.movimientos &&
		fmt.Sprint(j.Posicion()) == fmt.Sprint(e.posicion) && slices.EqualFunc(j.Sucesos(), e.sucesos, func(a, b juego.Suceso) bool {
		return fmt.Sprint(a) == fmt.Sprint(b)
	})
}

// ejecutarSQL corre sentencias sobre el archivo con otra conexión, como
// haría un daño o un programa ajeno.
func ejecutarSQL(t *testing.T, ruta string, sentencias ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", ruta)
	require.NoError(t, err)
	defer db.Close()
	for _, s := range sentencias {
		_, err := db.Exec(s)
		require.NoError(t, err, s)
	}
}

// Issue 26: un archivo con unos bits dados vuelta se abrió y reanudó una
// partida en el movimiento 6 de 30, sin error: se habían perdido filas y
// nada comparaba la cantidad. Ahora abrir la informa dañada y reanudarla
// devuelve ErrPartidaCorrupta, que la nombra; lo mismo con cualquier
// cambio de sus datos, de sus asientos o de sus movimientos.
func TestPartidasDanadas(t *testing.T) {
	ctx := context.Background()
	ruta := filepath.Join(t.TempDir(), "base.db")
	esperadas := construirAlmacen(t, ruta, 3, 0)
	var larga int64 // la de más movimientos
	for id, e := range esperadas {
		if e.movimientos > esperadas[larga].movimientos {
			larga = id
		}
	}
	require.Greater(t, esperadas[larga].movimientos, 6)
	original, err := os.ReadFile(ruta)
	require.NoError(t, err)
	casos := map[string]string{
		"filas perdidas":          fmt.Sprintf("DELETE FROM movimientos WHERE partida = %d AND n >= 6", larga),
		"un movimiento cambiado":  fmt.Sprintf("UPDATE movimientos SET puntos = puntos + 1 WHERE partida = %d AND n = 1", larga),
		"una ficha cambiada":      fmt.Sprintf("UPDATE movimientos SET fichas = CAST(fichas AS BLOB) || x'00' WHERE partida = %d AND n = 0", larga),
		"otra semilla":            fmt.Sprintf("UPDATE partidas SET semilla = semilla + 1 WHERE id = %d", larga),
		"otro jugador":            fmt.Sprintf("UPDATE asientos SET nivel = 'experto' WHERE partida = %d AND puesto = 1", larga),
		"sin sello":               fmt.Sprintf("UPDATE partidas SET sello = NULL WHERE id = %d", larga),
		"la cuenta cambiada":      fmt.Sprintf("UPDATE partidas SET movimientos = movimientos - 1 WHERE id = %d", larga),
		"terminada de golpe":      fmt.Sprintf("UPDATE partidas SET estado = 2 WHERE id = %d", larga),
		"un movimiento de más":    fmt.Sprintf("INSERT INTO movimientos (partida, n, tipo, jugador, fichas, cambiadas, con_mano, mano, proximas, puntos) SELECT partida, n + 100, tipo, jugador, fichas, cambiadas, con_mano, mano, proximas, puntos FROM movimientos WHERE partida = %d AND n = 0", larga),
		"movimientos sin partida": fmt.Sprintf("UPDATE movimientos SET partida = 999 WHERE partida = %d", larga),
	}
	for nombre, sentencia := range casos {
		t.Run(nombre, func(t *testing.T) {
			copia := filepath.Join(t.TempDir(), "copia.db")
			require.NoError(t, os.WriteFile(copia, original, 0o644))
			ejecutarSQL(t, copia, sentencia)
			a, err := sqlite.Abrir(copia, sqlite.Opciones{})
			require.NoError(t, err)
			defer a.Close()
			danadas := a.Danadas()
			require.True(t, slices.ContainsFunc(danadas, func(d almacen.PartidaDanada) bool { return d.ID == larga }), "%v", danadas)
			for _, d := range danadas {
				require.ErrorIs(t, d.Err, almacen.ErrPartidaCorrupta)
				require.ErrorContains(t, d.Err, fmt.Sprintf("partida %d", d.ID))
			}
			cat := almacen.NuevoCatalogo(a, baseMini())
			_, err = almacen.Reanudar(ctx, a, cat, larga)
			require.ErrorIs(t, err, almacen.ErrPartidaCorrupta, "nunca se reanuda a medias")
			require.ErrorContains(t, err, fmt.Sprintf("partida %d", larga))
			// Las demás se reanudan como estaban.
			for id, e := range esperadas {
				if id == larga {
					continue
				}
				m, err := almacen.Reanudar(ctx, a, cat, id)
				require.NoError(t, err)
				require.True(t, igual(m, e))
			}
			verificadas, err := almacen.Verificar(ctx, a, cat)
			require.NoError(t, err)
			require.Equal(t, larga, verificadas[0].ID)
		})
	}
}

// Las partidas guardadas antes de los sellos se sellan la primera vez
// (meta 'sellos' en 0); sin la marca, una partida sin sello es una
// partida dañada.
func TestSellosViejos(t *testing.T) {
	ctx := context.Background()
	ruta := filepath.Join(t.TempDir(), "base.db")
	esperadas := construirAlmacen(t, ruta, 2, 1)
	ejecutarSQL(t, ruta, "UPDATE partidas SET sello = NULL", "UPDATE meta SET valor = 0 WHERE clave = 'sellos'")
	a, err := sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	require.Empty(t, a.Danadas())
	cat := almacen.NuevoCatalogo(a, baseMini())
	for id, e := range esperadas {
		m, err := almacen.Reanudar(ctx, a, cat, id)
		require.NoError(t, err)
		require.True(t, igual(m, e))
	}
	require.NoError(t, a.Close())

	ejecutarSQL(t, ruta, "UPDATE partidas SET sello = NULL", "DELETE FROM meta WHERE clave = 'sellos'")
	a, err = sqlite.Abrir(ruta, sqlite.Opciones{})
	require.NoError(t, err)
	defer a.Close()
	require.Len(t, a.Danadas(), 2, "las dos en curso")
}

// Issue 26: un archivo de 0 bytes se tomaba como un almacén nuevo y vacío,
// y un directorio daba "out of memory".
func TestRutasRaras(t *testing.T) {
	dir := t.TempDir()
	vacio := filepath.Join(dir, "vacio.db")
	require.NoError(t, os.WriteFile(vacio, nil, 0o644))
	_, err := sqlite.Abrir(vacio, sqlite.Opciones{})
	require.ErrorIs(t, err, almacen.ErrNoEsBaseDeDatos)
	require.ErrorContains(t, err, "vacío")
	st, _ := os.Stat(vacio)
	require.Zero(t, st.Size(), "el archivo no cambia")

	_, err = sqlite.Abrir(dir, sqlite.Opciones{})
	require.ErrorIs(t, err, almacen.ErrNoEsBaseDeDatos)
	require.ErrorContains(t, err, "directorio")

	_, err = sqlite.Abrir(filepath.Join(dir, "no", "existe.db"), sqlite.Opciones{})
	require.Error(t, err)
	require.NotContains(t, err.Error(), "out of memory")
}

// dañar devuelve una copia de original con un daño al azar: bits dados
// vuelta en cualquier lugar o en las páginas de datos, el archivo cortado,
// una página en ceros o unos bytes al azar.
func danar(azar *rand.Rand, original []byte) ([]byte, string) {
	b := slices.Clone(original)
	const pagina = 4096
	switch x := azar.IntN(100); {
	case x < 40:
		n := 1 + azar.IntN(8)
		for range n {
			i := azar.IntN(len(b))
			b[i] ^= 1 << azar.IntN(8)
		}
		return b, fmt.Sprintf("%d bits", n)
	case x < 55:
		n := 1 + azar.IntN(4)
		for range n {
			i := pagina + azar.IntN(len(b)-pagina)
			b[i] ^= 1 << azar.IntN(8)
		}
		return b, fmt.Sprintf("%d bits en los datos", n)
	case x < 70:
		n := azar.IntN(len(b))
		return b[:n], fmt.Sprintf("cortado en %d", n)
	case x < 85:
		p := azar.IntN(len(b) / pagina)
		clear(b[p*pagina : (p+1)*pagina])
		return b, fmt.Sprintf("página %d en ceros", p)
	default:
		i, n := azar.IntN(len(b)), 1+azar.IntN(64)
		for k := i; k < min(i+n, len(b)); k++ {
			b[k] = byte(azar.Uint32())
		}
		return b, fmt.Sprintf("%d bytes al azar", n)
	}
}

// TestDanosAlAzar daña copias de un almacén con partidas en curso y
// terminadas (danar) y abre cada una: o no abre (un error del archivo), o
// abre y cada partida que estaba en curso se reanuda exactamente como
// estaba o se informa dañada, con su identificador. Una partida que se
// reanuda distinta, o que desaparece sin que nada lo diga, es una pérdida
// silenciosa: no puede haber ninguna. 1000 copias con las pruebas largas
// (PALABRAS_LARGAS=1); 40 si no.
func TestDanosAlAzar(t *testing.T) {
	copias := 40
	if pruebas.Largas() {
		copias = 1000
	}
	ctx := context.Background()
	dir := t.TempDir()
	ruta := filepath.Join(dir, "base.db")
	esperadas := construirAlmacen(t, ruta, 10, 3)
	original, err := os.ReadFile(ruta)
	require.NoError(t, err)
	var enCurso []int64
	for id, e := range esperadas {
		if e.estado == almacen.EnCurso {
			enCurso = append(enCurso, id)
		}
	}
	slices.Sort(enCurso)
	azar := rand.New(rand.NewPCG(26, 1000))
	cuentas := map[string]int{}
	copia := filepath.Join(dir, "copia.db")
	for k := range copias {
		danado, como := danar(azar, original)
		require.NoError(t, os.WriteFile(copia, danado, 0o644))
		os.Remove(copia + "-wal")
		os.Remove(copia + "-shm")
		a, err := sqlite.Abrir(copia, sqlite.Opciones{})
		if err != nil {
			switch {
			case errors.Is(err, almacen.ErrDanado):
				cuentas["no abre: archivo dañado"]++
			case errors.Is(err, almacen.ErrNoEsBaseDeDatos):
				cuentas["no abre: no es una base del almacén"]++
			case errors.Is(err, almacen.ErrVersionFutura):
				cuentas["no abre: otra versión"]++
			default:
				cuentas["no abre: otro error"]++
			}
			continue
		}
		danadas := map[int64]bool{}
		for _, d := range a.Danadas() {
			danadas[d.ID] = true
		}
		cat := almacen.NuevoCatalogo(a, baseMini())
		for _, id := range enCurso {
			m, err := almacen.Reanudar(ctx, a, cat, id)
			switch {
			case err == nil && igual(m, esperadas[id]):
				cuentas["partida intacta"]++
			case err == nil:
				t.Errorf("copia %d (%s): la partida %d se reanudó distinta: pérdida silenciosa", k, como, id)
			case errors.Is(err, almacen.ErrPartidaCorrupta) && strings.Contains(err.Error(), fmt.Sprintf("partida %d", id)):
				cuentas["partida informada dañada"]++
				if !danadas[id] {
					cuentas["… al reanudarla (no al abrir)"]++
				}
			case danadas[id]:
				cuentas["partida informada dañada"]++
			case errors.Is(err, almacen.ErrPartidaInexistente):
				t.Errorf("copia %d (%s): la partida %d desapareció sin que nada lo dijera: %v", k, como, id, err)
			case errors.Is(err, almacen.ErrDanado):
				cuentas["partida ilegible: archivo dañado"]++
			default:
				cuentas["partida con otro error: "+errorCorto(err)]++
			}
		}
		require.NoError(t, a.Close())
	}
	var lineas []string
	for c, n := range cuentas {
		lineas = append(lineas, fmt.Sprintf("%6d  %s", n, c))
	}
	slices.Sort(lineas)
	t.Logf("%d copias dañadas de un almacén de %d bytes con %d partidas en curso y %d terminadas; pérdidas silenciosas: %d\n%s",
		copias, len(original), len(enCurso), len(esperadas)-len(enCurso), 0, strings.Join(lineas, "\n"))
}

// errorCorto resume un error para contarlo: su primera parte.
func errorCorto(err error) string {
	s, _, _ := strings.Cut(err.Error(), ":")
	return s
}
