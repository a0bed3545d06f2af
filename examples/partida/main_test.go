package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/servidor"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

func jugar(t *testing.T, args ...string) string {
	t.Helper()
	var salida strings.Builder
	require.NoError(t, ejecutar(args, &salida))
	return salida.String()
}

// TestPartidaCompleta juega partidas enteras: terminan por una de las dos
// razones, la misma semilla da la misma partida (los bots son
// deterministas y juegan por turno aunque corran en gorutinas), y las
// posiciones salen ordenadas.
func TestPartidaCompleta(t *testing.T) {
	if testing.Short() {
		t.Skip("partidas completas: se omiten con -short")
	}
	una := jugar(t, "-jugadores", "3", "-semilla", "7")
	require.Equal(t, una, jugar(t, "-jugadores", "3", "-semilla", "7"), "determinista")
	require.NotEqual(t, una, jugar(t, "-jugadores", "3", "-semilla", "8"))
	require.Regexp(t, `Fin después de \d+ turnos: (el tablero está lleno|los 3 jugadores pasaron seguidos)\.`, una)

	// El tablero con las coordenadas de la notación (columnas con letras,
	// filas desde 1), como las jugadas.
	require.Contains(t, una, "\n     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O \n  1  ")
	require.Contains(t, una, "\n 15  ")
	puntos := regexp.MustCompile(`(?m)^  \d\. jugador (\d): (\d+) puntos$`).FindAllStringSubmatch(una, -1)
	require.Len(t, puntos, 3)
	for i := 1; i < len(puntos); i++ {
		require.GreaterOrEqual(t, atoi(puntos[i-1][2]), atoi(puntos[i][2]), "posiciones ordenadas")
	}
	turnos := regexp.MustCompile(`(?m)^\s*\d+\. jugador (\d): (?:pasa|(?:\d+[A-Z]+|[A-Z]+\d+) \S+ \+\d+)`).FindAllStringSubmatch(una, -1)
	require.NotEmpty(t, turnos)
	for i, m := range turnos {
		require.Equal(t, string(rune('0'+i%3)), m[1], "los turnos rotan")
	}

	solo := jugar(t, "-jugadores", "1", "-detalle", "0")
	require.NotRegexp(t, `(?m)^\s*1\. jugador 0: (?:\d+[A-Z]+|[A-Z]+\d+) \S+ \+\d+`, solo, "con -detalle 0 no se cuentan los turnos")
	require.Contains(t, solo, "el jugador pasó")
	require.Contains(t, solo, "Posiciones:")
}

func TestMejorJugada(t *testing.T) {
	v := espanol.Variante()
	es := v.Alfabeto()
	r, err := v.Repositorio(1, 3)
	require.NoError(t, err)
	mano, _ := es.Parsear("QUESOXX")
	copy(r, mano)
	j, err := juego.Nuevo(1, v, r)
	require.NoError(t, err)
	g, err := nuevoGenerador(v)
	require.NoError(t, err)
	o, puntos := mejorJugada(g, j)
	require.True(t, j.JugadaValida(o))
	p, err := j.PuntajeObtenido(o)
	require.NoError(t, err)
	require.Equal(t, p, puntos)
	require.GreaterOrEqual(t, puntos, 9, "QUESO vale 9: la mejor vale al menos eso")
}

func TestArgumentos(t *testing.T) {
	var salida strings.Builder
	require.Error(t, ejecutar([]string{"-jugadores", "0"}, &salida))
	require.Error(t, ejecutar([]string{"-jugadores", "9"}, &salida))
	require.Error(t, ejecutar([]string{"-no-existe"}, &salida))
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

// TestPartidaClasica juega una partida entera con -clasica: termina por la
// regla de fin (la notificación Fin que todos reciben, la misma que dice el
// juego), el programa cuenta el motivo, los ajustes y las posiciones, y el
// puntaje final de cada jugador es la suma de los SumaPuntos que vio cada
// cliente.
func TestPartidaClasica(t *testing.T) {
	for _, k := range []int{1, 2, 3} {
		t.Run(strconv.Itoa(k)+" jugadores", func(t *testing.T) {
			args := []string{"-clasica", "-jugadores", strconv.Itoa(k), "-semilla", "3"}
			var salida strings.Builder
			inf, err := correr(args, &salida)
			require.NoError(t, err)
			texto := salida.String()
			require.Equal(t, texto, jugar(t, args...), "determinista")
			require.Contains(t, texto, "variante española clásica (15×15, 7 fichas, bolsa de 100), semilla 3")

			require.NotNil(t, inf)
			fin, terminada := inf.final.Terminada()
			require.True(t, terminada, "termina por la regla de fin")
			require.Contains(t, []juego.MotivoFin{juego.FinSinFichas, juego.FinTurnosSinPuntos}, fin.Motivo)
			motivo := fin.Motivo.String()
			if fin.Jugador >= 0 {
				motivo += " (el jugador " + strconv.Itoa(fin.Jugador) + ")"
			}
			require.Regexp(t, `\nFin después de \d+ turnos: `+regexp.QuoteMeta(motivo)+`\.\n`, texto)

			require.Len(t, inf.vistas, k)
			for cid, v := range inf.vistas {
				require.NotNil(t, v.fin, "el cliente %d recibió Fin", cid)
				require.Equal(t, servidor.Fin(fin), *v.fin)
				for i := range k {
					p, err := inf.final.Puntaje(i)
					require.NoError(t, err)
					require.Equal(t, p, v.puntos[i], "puntaje del jugador %d según el cliente %d", i, cid)
				}
			}

			ajustes := regexp.MustCompile(`(?m)^  jugador (\d): ([+-]\d+) \(le quedó \{.*\}\)$`).FindAllStringSubmatch(texto, -1)
			require.Len(t, ajustes, k)
			for i, m := range ajustes {
				require.Equal(t, strconv.Itoa(i), m[1])
				a, _ := strconv.Atoi(m[2])
				require.Equal(t, fin.Ajustes[i], a)
			}

			puntos := regexp.MustCompile(`(?m)^  \d\. jugador (\d): (-?\d+) puntos$`).FindAllStringSubmatch(texto, -1)
			require.Len(t, puntos, k)
			for pos, m := range puntos {
				i, _ := strconv.Atoi(m[1])
				p, _ := strconv.Atoi(m[2])
				want, _ := inf.final.Puntaje(i)
				require.Equal(t, want, p)
				if pos > 0 {
					antes, _ := strconv.Atoi(puntos[pos-1][2])
					require.GreaterOrEqual(t, antes, p, "posiciones ordenadas")
				}
			}
		})
	}
}

// TestPartidaClasicaConCambios: con manos sin ninguna palabra posible los
// bots cambian sus fichas, los demás se enteran solo de cuántas, y la
// partida sigue hasta el fin.
func TestPartidaClasicaConCambios(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	manos, err := alf.ParsearFichas("qxzqxzq" + "zxqzxqz")
	require.NoError(t, err)
	resto, err := v.Repositorio(2, 11)
	require.NoError(t, err)
	s, err := servidor.Nuevo(2, v, append(manos, resto[:40]...))
	require.NoError(t, err)
	var salida strings.Builder
	inf, err := partidaClasica(s, 1, &salida)
	require.NoError(t, err)
	texto := salida.String()
	require.Contains(t, texto, "  1. jugador 0: cambia 7 fichas")
	require.Contains(t, texto, "  2. jugador 1: cambia 7 fichas")
	require.Regexp(t, `(?m)^  3\. jugador 0: (?:\d+[A-Z]+|[A-Z]+\d+) \S+ \+\d+`, texto)
	_, terminada := inf.final.Terminada()
	require.True(t, terminada)
	sucesos := inf.final.Sucesos()
	require.Equal(t, juego.SucesoCambio, sucesos[0].Tipo)
	require.Equal(t, juego.SucesoCambio, sucesos[1].Tipo)
	for cid, vista := range inf.vistas {
		for i := range 2 {
			p, _ := inf.final.Puntaje(i)
			require.Equal(t, p, vista.puntos[i], "cliente %d, jugador %d", cid, i)
		}
	}
}

// TestMejorJugadaClasica: con las reglas clásicas el bot propone solo
// jugadas válidas (la primera cubre el centro) y usa el comodín.
func TestMejorJugadaClasica(t *testing.T) {
	v := espanol.Clasica()
	alf := v.Alfabeto()
	r, err := alf.ParsearFichas("s?qxzxq" + "aeiouln")
	require.NoError(t, err)
	j, err := juego.Nuevo(2, v, r)
	require.NoError(t, err)
	g, err := nuevoGenerador(v)
	require.NoError(t, err)
	o, puntos := mejorJugada(g, j)
	require.False(t, o.Vacia(), "con S y un comodín hay palabra: SE, SI, SO…")
	require.True(t, j.JugadaValida(o))
	p, err := j.PuntajeObtenido(o)
	require.NoError(t, err)
	require.Equal(t, p, puntos)
	comodines := 0
	for f := range o.Fichas() {
		if f.Comodin {
			comodines++
		}
	}
	require.Equal(t, 1, comodines, "sin el comodín no hay palabra")
	_, ok := aCambiar(j)
	require.False(t, ok, "la bolsa está vacía")

	// Sin palabra posible, cambia todo salvo el comodín.
	r, err = alf.ParsearFichas("qx?zqxz" + "aeiouln" + "aeiouln")
	require.NoError(t, err)
	j, err = juego.Nuevo(2, v, r)
	require.NoError(t, err)
	mano, _ := j.Fichas(0)
	devueltas, ok := aCambiar(j)
	require.True(t, ok)
	require.Equal(t, mano.Diferencia(letra.NuevoMulticonjunto(letra.Comodin)), devueltas)

	// Con menos de F fichas en la bolsa no se puede cambiar.
	j, err = juego.Nuevo(2, v, r[:20])
	require.NoError(t, err)
	_, ok = aCambiar(j)
	require.False(t, ok)

	// La variante de la especificación no permite cambios.
	j, err = juego.Nuevo(1, espanol.Variante(), make([]letra.Letra, 15*15+7))
	require.NoError(t, err)
	_, ok = aCambiar(j)
	require.False(t, ok)
}

// BenchmarkPartidaClasica juega una partida clásica entera de 2 jugadores
// (semilla 1), con el servidor, los bots en sus gorutinas y el relator sin
// detalle.
func BenchmarkPartidaClasica(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		if _, err := correr([]string{"-clasica", "-detalle", "0"}, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

func TestAyuda(t *testing.T) {
	for _, opcion := range []string{"-h", "-help", "--help"} {
		var salida strings.Builder
		inf, err := correr([]string{"-clasica", opcion}, &salida)
		require.NoError(t, err, "%s sale con 0", opcion)
		require.Nil(t, inf, "con %s no se juega", opcion)
		texto := salida.String()
		require.True(t, strings.HasPrefix(texto, "Uso: partida"), texto)
		for _, f := range []string{"-jugadores K", "-semilla S", "-detalle D", "-clasica\n", "-gcg archivo"} {
			require.Contains(t, texto, f)
		}
		require.NotContains(t, texto, "Partida de", "con %s no se juega", opcion)
	}
}

// TestOpcionesIncorrectas: las opciones que no se pueden aplicar son
// errores de uso, antes de jugar.
func TestOpcionesIncorrectas(t *testing.T) {
	casos := map[string][]string{
		"opción desconocida":    {"-no-existe"},
		"jugadores de menos":    {"-jugadores", "0"},
		"jugadores de más":      {"-clasica", "-jugadores", "9"},
		"-gcg sin -clasica":     {"-gcg", filepath.Join(t.TempDir(), "p.gcg")},
		"-gcg vacío":            {"-clasica", "-gcg", ""},
		"argumentos sueltos":    {"-jugadores", "2", "tres"},
		"argumento tras -gcg":   {"-clasica", "-gcg", filepath.Join(t.TempDir(), "p.gcg"), "otro"},
		"-clasica con un valor": {"-clasica", "no"},
	}
	for nombre, args := range casos {
		t.Run(nombre, func(t *testing.T) {
			var salida strings.Builder
			inf, err := correr(args, &salida)
			require.ErrorAs(t, err, new(programa.ErrorDeUso))
			require.Nil(t, inf)
			require.Empty(t, salida.String(), "falla antes de jugar")
		})
	}
	dir := t.TempDir()
	_, err := correr([]string{"-gcg", filepath.Join(dir, "p.gcg")}, io.Discard)
	require.ErrorContains(t, err, "-clasica")
	entradas, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, entradas, "-gcg sin -clasica no crea el archivo")
}

// TestGCGInservible: una ruta de -gcg en la que no se puede escribir falla
// antes de la partida, y no es un error de uso.
func TestGCGInservible(t *testing.T) {
	dir := t.TempDir()
	for nombre, ruta := range map[string]string{
		"directorio que no existe": filepath.Join(dir, "no-existe", "p.gcg"),
		"un directorio":            dir,
	} {
		t.Run(nombre, func(t *testing.T) {
			var salida strings.Builder
			inf, err := correr([]string{"-clasica", "-gcg", ruta}, &salida)
			require.ErrorContains(t, err, "-gcg")
			require.False(t, errors.As(err, new(programa.ErrorDeUso)))
			require.Nil(t, inf)
			require.Empty(t, salida.String(), "falla antes de jugar")
		})
	}
	info, err := os.Stat(dir)
	require.NoError(t, err)
	require.True(t, info.IsDir(), "el directorio sigue ahí")
	_, err = os.Stat(filepath.Join(dir, "no-existe"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// TestGCG: con -clasica -gcg la partida queda en el archivo, que gcg.Leer
// repite hasta el mismo final, en lugar de lo que tuviera antes.
func TestGCG(t *testing.T) {
	ruta := filepath.Join(t.TempDir(), "p.gcg")
	require.NoError(t, os.WriteFile(ruta, []byte(strings.Repeat("basura que había antes\n", 1000)), 0o600))
	inf, err := correr([]string{"-clasica", "-detalle", "0", "-semilla", "5", "-gcg", ruta}, io.Discard)
	require.NoError(t, err)
	texto, err := os.ReadFile(ruta)
	require.NoError(t, err)
	require.NotContains(t, string(texto), "basura")
	p, err := gcg.Leer(strings.NewReader(string(texto)), gcg.Opciones{Variante: espanol.Clasica()})
	require.NoError(t, err)
	require.Len(t, p.Jugadores, 2)
	_, terminada := p.Juego.Terminada()
	require.True(t, terminada)
	for i := range 2 {
		want, _ := inf.final.Puntaje(i)
		got, _ := p.Juego.Puntaje(i)
		require.Equal(t, want, got, "puntaje del jugador %d", i)
	}
}
