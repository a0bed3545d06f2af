package bot_test

import (
	"context"
	"math"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/juegodepalabras/palabras/analisis/hojas"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// entero lee la variable de entorno nombre, o da omision.
func entero(nombre string, omision int) int {
	if n, err := strconv.Atoi(os.Getenv(nombre)); err == nil && n > 0 {
		return n
	}
	return omision
}

// TestTorneoMaestro juega partidas pareadas (la misma bolsa, los lados
// cambiados) del maestro contra el experto, los dos con las hojas del
// experto (en inglés, la tabla de app/testdata si está), e informa el porcentaje de
// victorias (los empates valen media) y la diferencia media, con sus
// intervalos del 95 %. Tarda horas: corre solo con PALABRAS_TORNEO=es o en
// (el inglés con SOWPODS), PALABRAS_TORNEO_PARES pares (200),
// PALABRAS_TORNEO_MS milisegundos por jugada del maestro (1000) y
// PALABRAS_TORNEO_MINUTOS minutos (sin límite) tras los que no empieza más
// pares:
//
//	PALABRAS_TORNEO=es go test ./bot -run TorneoMaestro -v -timeout 0
func TestTorneoMaestro(t *testing.T) {
	idioma := os.Getenv("PALABRAS_TORNEO")
	if idioma == "" {
		t.Skip("el torneo corre con PALABRAS_TORNEO=es o en")
	}
	var v *variante.Variante
	var tabla generador.Hojas // las hojas de los dos: las del experto
	if idioma == "en" {
		v = pruebas.Ingles(t)
		// La tabla inglesa de los torneos (app/testdata), si está.
		if f, err := os.Open("../app/testdata/hojas-en.bin"); err == nil {
			tb, err := hojas.Leer(f, v, hojas.Opciones{})
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			tabla = tb
		}
	} else {
		v = espanol.Clasica()
	}
	if tabla == nil {
		tabla, _ = bot.ValoracionPara(v)
	}
	t.Logf("hojas: %T", tabla)
	pares := entero("PALABRAS_TORNEO_PARES", 200)
	tiempo := time.Duration(entero("PALABRAS_TORNEO_MS", 1000)) * time.Millisecond
	limite := time.Duration(entero("PALABRAS_TORNEO_MINUTOS", 1<<20)) * time.Minute
	g1, err := generador.Nuevo(v, generador.Opciones{})
	if err != nil {
		t.Fatal(err)
	}
	g2, _ := generador.Nuevo(v, generador.Opciones{})
	maestro, _ := bot.NuevoMaestro(g1, bot.OpcionesMaestro{Tiempo: tiempo, Hojas: tabla})
	experto, _ := bot.NuevoExperto(g2, bot.OpcionesExperto{Hojas: tabla})
	inicio := time.Now()
	var victorias, suma, cuadrados float64
	var partidas, jugadasMaestro int
	var tiempoMaestro time.Duration
	for par := 0; par < pares && time.Since(inicio) < limite; par++ {
		for lado := range 2 {
			bolsa, _ := v.Repositorio(2, uint64(1000+par))
			j, err := juego.Nuevo(2, v, bolsa)
			if err != nil {
				t.Fatal(err)
			}
			bots := [2]*bot.Bot{maestro, experto}
			if lado == 1 {
				bots = [2]*bot.Bot{experto, maestro}
			}
			for turno := 0; turno < 200; turno++ {
				if _, fin := j.Terminada(); fin {
					break
				}
				b := bots[j.Turno()]
				ini := time.Now()
				d, _ := b.Elegir(context.Background(), j)
				if b == maestro {
					tiempoMaestro += time.Since(ini)
					jugadasMaestro++
				}
				if _, err := d.Aplicar(j); err != nil {
					t.Fatalf("par %d, lado %d, turno %d: %v: %v", par, lado, turno, d, err)
				}
			}
			pm, _ := j.Puntaje(lado)
			pe, _ := j.Puntaje(1 - lado)
			dif := float64(pm - pe)
			switch {
			case dif > 0:
				victorias++
			case dif == 0:
				victorias += 0.5
			}
			suma += dif
			cuadrados += dif * dif
			partidas++
		}
		n := float64(partidas)
		p := victorias / n
		media := suma / n
		desvio := math.Sqrt(max(0, cuadrados/n-media*media))
		t.Logf("%s: %d partidas (%d pares), maestro %.1f %% ± %.1f, diferencia media %+.1f ± %.1f; %.2f s por jugada del maestro; %v",
			idioma, partidas, par+1, 100*p, 196*math.Sqrt(p*(1-p)/n), media, 1.96*desvio/math.Sqrt(n),
			tiempoMaestro.Seconds()/float64(jugadasMaestro), time.Since(inicio).Round(time.Second))
	}
}
